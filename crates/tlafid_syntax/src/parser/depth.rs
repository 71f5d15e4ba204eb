//! The height of trees, measured without recursion.
//!
//! The parser's depth counter bounds its own recursion, but a left-associative chain such as
//! `a + b + … + z` or `x.a.b.…` is built by a loop and grows the tree without recursion.
//! Every later pass (and `Drop`) recurses over the tree, so chain loops measure the height
//! they build and stop at [`MAX_TREE_DEPTH`]. Every tree therefore stays within
//! `MAX_TREE_DEPTH` plus the recursion limit.

use crate::ast::{Bound, ExceptStep, Expr, ExprKind, Unit};

/// Deepest tree a unit may have.
pub(crate) const MAX_TREE_DEPTH: usize = 1000;

/// The direct sub-expressions of `expr`.
fn children<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    fn bounds<'e>(bs: &'e [Bound], out: &mut Vec<&'e Expr>) {
        for b in bs {
            out.extend(b.domain.iter());
        }
    }
    match &expr.kind {
        ExprKind::Number(_)
        | ExprKind::Decimal(_)
        | ExprKind::String(_)
        | ExprKind::Bool(_)
        | ExprKind::BooleanSet
        | ExprKind::StringSet
        | ExprKind::At => {}
        ExprKind::Ref(segs) => out.extend(segs.iter().flat_map(|s| s.args.iter())),
        ExprKind::Op { args, .. } => out.extend(args),
        ExprKind::Junction { items, .. }
        | ExprKind::Cross(items)
        | ExprKind::SetEnum(items)
        | ExprKind::Tuple(items) => out.extend(items),
        ExprKind::If(a, b, c) => out.extend([&**a, &**b, &**c]),
        ExprKind::Case { arms, other } => {
            out.extend(arms.iter().flat_map(|(g, v)| [g, v]));
            out.extend(other.as_deref());
        }
        ExprKind::Let { defs, body } => {
            defs.iter().for_each(|d| unit_exprs(d, out));
            out.push(body);
        }
        ExprKind::Quant {
            bounds: bs, body, ..
        }
        | ExprKind::FnCons { bounds: bs, body }
        | ExprKind::SetMap { body, bounds: bs } => {
            bounds(bs, out);
            out.push(body);
        }
        ExprKind::TemporalQuant { body, .. }
        | ExprKind::Lambda(_, body)
        | ExprKind::Label(_, body) => out.push(body),
        ExprKind::Choose { bound, body } | ExprKind::SetFilter { bound, pred: body } => {
            out.extend(bound.domain.iter());
            out.push(body);
        }
        ExprKind::FnSet(a, b) | ExprKind::BoxAction(a, b) | ExprKind::AngleAction(a, b) => {
            out.extend([&**a, &**b])
        }
        ExprKind::Fairness { vars, action, .. } => out.extend([&**vars, &**action]),
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            out.extend(fields.iter().map(|(_, e)| e))
        }
        ExprKind::Except { base, updates } => {
            out.push(base);
            for u in updates {
                for step in &u.path {
                    if let ExceptStep::Index(ix) = step {
                        out.extend(ix);
                    }
                }
                out.push(&u.value);
            }
        }
        ExprKind::FnApp(f, args) => {
            out.push(f);
            out.extend(args);
        }
        ExprKind::Dot(r, _) => out.push(r),
    }
}

/// The expressions directly inside a unit.
fn unit_exprs<'u>(unit: &'u Unit, out: &mut Vec<&'u Expr>) {
    match unit {
        Unit::Assume(a) => out.push(&a.expr),
        Unit::Op(d) => out.push(&d.body),
        Unit::Fn(d) => {
            out.extend(d.bounds.iter().filter_map(|b| b.domain.as_ref()));
            out.push(&d.body);
        }
        Unit::Instance(i) => out.extend(i.substs.iter().map(|s| &s.expr)),
        Unit::ModDef(d) => out.extend(d.instance.substs.iter().map(|s| &s.expr)),
        Unit::Theorem(t) => out.extend(t.body.iter()),
        Unit::Constants(_) | Unit::Variables(_) | Unit::Recursive(_) | Unit::Module(_) => {}
    }
}

/// The height of `expr` (a leaf has height 1), measured with an explicit stack; stops
/// counting once it passes `cap`.
pub(crate) fn height(expr: &Expr, cap: usize) -> usize {
    let mut stack: Vec<(&Expr, usize)> = vec![(expr, 1)];
    let mut kids = Vec::new();
    let mut max = 0;
    while let Some((e, depth)) = stack.pop() {
        max = max.max(depth);
        if max > cap {
            return max;
        }
        kids.clear();
        children(e, &mut kids);
        stack.extend(kids.iter().map(|k| (*k, depth + 1)));
    }
    max
}
