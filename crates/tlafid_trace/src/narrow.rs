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

/// A next-state relation narrowed to one action and to logged values of some of its
/// parameters: each such parameter's `\E` binder ranges over `{v}`, where `v` is an extra
/// state variable the caller sets to the logged value (and the action keeps unchanged).
pub struct FixedArgs {
    /// The action.
    pub action: String,
    /// The parameters fixed, in the order of the extra variables (after the model's own).
    pub params: Vec<String>,
    /// The program with the extra variables and the narrowed relation.
    pub program: Program,
    /// The narrowed relation in `program`.
    pub next: OpId,
}

/// For each narrowed relation of [`add_action_nexts`] whose `\E` binders pass a variable
/// straight to a parameter of the action (`\E n \in 1..Max : A(n)`), a program where those
/// binders range over the value the trace logs. Bind `next` of each as the next-state relation.
pub fn fixed_arg_programs(program: &Program, action_nexts: &[(String, OpId)]) -> Vec<FixedArgs> {
    let mut out = Vec::new();
    for (action, next) in action_nexts {
        let Some(tlafid_sema::ir::RootName::Op(action_op)) = program.root_name(action) else {
            continue;
        };
        if program.op(action_op).captured > 0 {
            continue;
        }
        let mut copy = program.clone();
        let mut body = copy.op(*next).body.clone();
        let param_names: Vec<String> = {
            let def = copy.op(action_op);
            def.params.iter().map(|p| p.name.to_string()).collect()
        };
        let mut fixed = Vec::new();
        fix_binders(
            &mut body,
            action_op,
            &param_names,
            &mut fixed,
            &mut copy.vars,
        );
        if fixed.is_empty() {
            continue;
        }
        // The action itself keeps the extra variables unchanged (a conjunct around `Next`
        // would stop the evaluator from splitting it into actions).
        let action_def = &mut copy.ops[action_op.0 as usize];
        let span = action_def.body.span;
        let mut conjuncts: Vec<Expr> = fixed
            .iter()
            .map(|(_, var)| keep_unchanged(*var, span))
            .collect();
        conjuncts.push(action_def.body.clone());
        action_def.body = Expr {
            kind: ExprKind::Junction {
                and: true,
                items: conjuncts,
            },
            span,
        };
        let def = copy.op(*next).clone();
        copy.ops.push(OpDef { body, ..def });
        let next = OpId(copy.ops.len() as u32 - 1);
        let params = fixed.into_iter().map(|(name, _)| name).collect();
        out.push(FixedArgs {
            action: action.clone(),
            params,
            program: copy,
            next,
        });
    }
    out
}

fn keep_unchanged(var: tlafid_sema::ir::VarId, span: tlafid_base::Span) -> Expr {
    let read = |primed| Expr {
        kind: ExprKind::Var { var, primed },
        span,
    };
    Expr {
        kind: ExprKind::Builtin(tlafid_sema::ir::Builtin::Eq, vec![read(true), read(false)]),
        span,
    }
}

type FixedVars = Vec<(String, tlafid_sema::ir::VarId)>;

fn fix_binders(
    expr: &mut Expr,
    action_op: OpId,
    params: &[String],
    fixed: &mut FixedVars,
    vars: &mut Vec<tlafid_sema::ir::VarDecl>,
) {
    match &mut expr.kind {
        ExprKind::Junction { and: false, items } => items
            .iter_mut()
            .for_each(|i| fix_binders(i, action_op, params, fixed, vars)),
        ExprKind::LetValue { body, .. } => fix_binders(body, action_op, params, fixed, vars),
        ExprKind::Quant {
            forall: false,
            binders,
            body,
        } => {
            let mut passed = Vec::new();
            direct_call_slots(body, action_op, &mut passed);
            for binder in binders
                .iter_mut()
                .filter(|b| !b.tuple && b.slots.len() == 1)
            {
                let Some(&(_, index)) = passed.iter().find(|(slot, _)| *slot == binder.slots[0])
                else {
                    continue;
                };
                let Some(name) = params.get(index) else {
                    continue;
                };
                if fixed.iter().any(|(n, _)| n == name) {
                    continue;
                }
                let var = tlafid_sema::ir::VarId(vars.len() as u32);
                vars.push(tlafid_sema::ir::VarDecl {
                    name: format!("__tlafid_arg_{name}").into(),
                    span: binder.span,
                });
                let read = Expr {
                    kind: ExprKind::Var { var, primed: false },
                    span: binder.span,
                };
                binder.domain = Some(Expr {
                    kind: ExprKind::SetEnum(vec![read]),
                    span: binder.span,
                });
                fixed.push((name.clone(), var));
            }
            fix_binders(body, action_op, params, fixed, vars)
        }
        _ => {}
    }
}

/// `(slot, parameter index)` for every argument that is a bare frame slot in a call of
/// `action_op` reached through `\/`, `LET` and `\E` only.
fn direct_call_slots(expr: &Expr, action_op: OpId, out: &mut Vec<(tlafid_sema::ir::Slot, usize)>) {
    match &expr.kind {
        ExprKind::Junction { and: false, items } => items
            .iter()
            .for_each(|i| direct_call_slots(i, action_op, out)),
        ExprKind::LetValue { body, .. }
        | ExprKind::Quant {
            forall: false,
            body,
            ..
        } => direct_call_slots(body, action_op, out),
        ExprKind::Call(op, args) if *op == action_op => {
            for (index, arg) in args.iter().enumerate() {
                if let ExprKind::Local(slot) = arg.kind {
                    out.push((slot, index));
                }
            }
        }
        _ => {}
    }
}
