//! TLC's bounded universal quantification in properties: `\A x \in S : F` with `S` constant
//! is unrolled into one property per element (`SpecProcessor.processConfigProps`), so
//! `\A x \in S : [][A(x)]_v(x)` is checked as action properties and `\A x \in S : []P(x)` as
//! invariants. tlafid distributes the quantifier over `F`'s conjuncts instead, rewriting the
//! property in place into an equivalent formula whose parts [`crate::spec`] classifies:
//!
//! - `\A x \in S : [][A]_v` becomes `[][\A x \in S : [A]_v]_vars` (`vars` all variables: a
//!   step that changes no variable satisfies every `[A]_v`, so nothing is lost);
//! - `\A x \in S : []P` becomes `[](\A x \in S : P)`;
//! - a state-level conjunct `P` becomes `\A x \in S : P`, and a temporal one stays
//!   quantified (the liveness translation expands it over `S`).
//!
//! TLC rejects an empty `S` ("tautology"); tlafid, which rewrites before constants have
//! values, checks the quantified parts, which then hold.

use tlafid_config::Config;
use tlafid_sema::ir::{Binder, Builtin, Expr, ExprKind, Level, OpId, Program, RootName, VarId};

use crate::spec::{is_action, is_temporal, visit};

/// Rewrites the configured properties (and the zero-argument operators their conjuncts
/// name) so that bounded universal quantifiers are distributed over their conjuncts.
pub fn distribute_quantifiers(program: &mut Program, config: &Config) {
    let mut visited = Vec::new();
    for named in &config.properties {
        if let Some(RootName::Op(op)) = program.root_name(&named.name) {
            rewrite_op(program, op, &mut visited);
        }
    }
}

fn rewrite_op(program: &mut Program, op: OpId, visited: &mut Vec<OpId>) {
    let def = program.op(op);
    if visited.contains(&op) || !def.params.is_empty() || def.function.is_some() || def.recursive {
        return;
    }
    visited.push(op);
    let body = def.body.clone();
    if let Some(rewritten) = rewrite(program, &body, visited) {
        program.ops[op.0 as usize].body = rewritten;
    }
}

/// The rewritten `expr`, or `None` when nothing changes.
fn rewrite(program: &mut Program, expr: &Expr, visited: &mut Vec<OpId>) -> Option<Expr> {
    match &expr.kind {
        ExprKind::Junction { and: true, items } => {
            let rewritten: Vec<Option<Expr>> =
                items.iter().map(|i| rewrite(program, i, visited)).collect();
            if rewritten.iter().all(Option::is_none) {
                return None;
            }
            let items = items
                .iter()
                .zip(rewritten)
                .map(|(item, new)| new.unwrap_or_else(|| item.clone()))
                .collect();
            Some(junction(items, expr))
        }
        ExprKind::Call(op, args) if args.is_empty() => {
            rewrite_op(program, *op, visited);
            None
        }
        ExprKind::Quant {
            forall: true,
            binders,
            body,
        } if is_temporal(program, body) && binders.iter().all(|b| constant_domain(program, b)) => {
            let mut parts = Vec::new();
            flatten(body, &mut parts);
            let items = parts
                .into_iter()
                .map(|part| distribute(program, binders, part))
                .collect();
            Some(junction(items, expr))
        }
        _ => None,
    }
}

/// `\A binders : part`, with the quantifier moved inside `[]` where TLC would check the part.
fn distribute(program: &Program, binders: &[Binder], part: &Expr) -> Expr {
    let forall = |body: &Expr| Expr {
        kind: ExprKind::Quant {
            forall: true,
            binders: binders.to_vec(),
            body: Box::new(body.clone()),
        },
        span: part.span,
    };
    let always = |arg: Expr| Expr {
        kind: ExprKind::Builtin(Builtin::Always, vec![arg]),
        span: part.span,
    };
    match &part.kind {
        ExprKind::Builtin(Builtin::Always, args) if args.len() == 1 => match &args[0].kind {
            ExprKind::BoxAction(..) => always(Expr {
                kind: ExprKind::BoxAction(
                    Box::new(forall(&args[0])),
                    Box::new(all_variables(program, part)),
                ),
                span: args[0].span,
            }),
            _ if !is_action(program, &args[0]) => always(forall(&args[0])),
            _ => forall(part),
        },
        _ => forall(part),
    }
}

fn flatten<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &expr.kind {
        ExprKind::Junction { and: true, items } => items.iter().for_each(|i| flatten(i, out)),
        _ => out.push(expr),
    }
}

fn junction(items: Vec<Expr>, at: &Expr) -> Expr {
    Expr {
        kind: ExprKind::Junction { and: true, items },
        span: at.span,
    }
}

/// `<<v1, ..., vn>>`: every state variable.
fn all_variables(program: &Program, at: &Expr) -> Expr {
    let vars = (0..program.vars.len() as u32)
        .map(|i| Expr {
            kind: ExprKind::Var {
                var: VarId(i),
                primed: false,
            },
            span: at.span,
        })
        .collect();
    Expr {
        kind: ExprKind::Tuple(vars),
        span: at.span,
    }
}

/// A bounded binder whose domain mentions no variable (TLC can enumerate it up front).
fn constant_domain(program: &Program, binder: &Binder) -> bool {
    let Some(domain) = &binder.domain else {
        return false;
    };
    let mut constant = true;
    visit(domain, &mut |e| {
        constant &= match &e.kind {
            ExprKind::Var { .. } | ExprKind::Prime(_) => false,
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => {
                program.op(*op).level == Level::Constant
            }
            _ => true,
        };
    });
    constant
}
