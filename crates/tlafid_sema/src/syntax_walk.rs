//! Finding the `INSTANCE`s written inside `LET`s of a module's syntax tree (the loader must
//! load their modules too).

use tlafid_syntax::ast::{ExceptStep, Expr, ExprKind as A, Instance, Unit};

/// Every `LET`-level instance in `units`, in source order.
pub(crate) fn let_instances(units: &[Unit]) -> Vec<&Instance> {
    let mut out = Vec::new();
    for unit in units {
        unit_exprs(unit, &mut |e| visit(e, &mut out));
    }
    out
}

fn unit_exprs<'a>(unit: &'a Unit, f: &mut impl FnMut(&'a Expr)) {
    match unit {
        Unit::Op(def) => f(&def.body),
        Unit::Fn(def) => {
            def.bounds
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(&mut *f);
            f(&def.body)
        }
        Unit::Assume(a) => f(&a.expr),
        Unit::Theorem(t) => t.body.iter().for_each(f),
        Unit::ModDef(def) => def.instance.substs.iter().for_each(|s| f(&s.expr)),
        Unit::Instance(inst) => inst.substs.iter().for_each(|s| f(&s.expr)),
        Unit::Constants(_) | Unit::Variables(_) | Unit::Recursive(_) | Unit::Module(_) => {}
    }
}

fn visit<'a>(e: &'a Expr, out: &mut Vec<&'a Instance>) {
    if let A::Let { defs, .. } = &e.kind {
        for d in defs {
            match d {
                Unit::ModDef(def) => out.push(&def.instance),
                Unit::Instance(inst) => out.push(inst),
                _ => {}
            }
            unit_exprs(d, &mut |e| visit(e, out));
        }
    }
    children(e, &mut |c| visit(c, out));
}

/// Calls `f` on each direct sub-expression (not `LET` definitions, which `visit` handles).
pub(crate) fn children<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr)) {
    match &e.kind {
        A::Number(_)
        | A::Decimal(_)
        | A::String(_)
        | A::Bool(_)
        | A::BooleanSet
        | A::StringSet
        | A::At => {}
        A::Ref(segments) => segments.iter().flat_map(|s| &s.args).for_each(f),
        A::Op { args, .. } => args.iter().for_each(f),
        A::Junction { items, .. } | A::Cross(items) | A::SetEnum(items) | A::Tuple(items) => {
            items.iter().for_each(f)
        }
        A::If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        A::Case { arms, other } => {
            arms.iter().for_each(|(g, v)| {
                f(g);
                f(v)
            });
            other.iter().for_each(|o| f(o))
        }
        A::Let { body, .. }
        | A::TemporalQuant { body, .. }
        | A::Lambda(_, body)
        | A::Label(_, body) => f(body),
        A::Quant { bounds, body, .. } | A::SetMap { bounds, body } | A::FnCons { bounds, body } => {
            bounds
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(&mut *f);
            f(body)
        }
        A::Choose { bound, body } | A::SetFilter { bound, pred: body } => {
            bound.domain.iter().for_each(&mut *f);
            f(body)
        }
        A::FnSet(a, b) | A::BoxAction(a, b) | A::AngleAction(a, b) => {
            f(a);
            f(b)
        }
        A::Fairness { vars, action, .. } => {
            f(vars);
            f(action)
        }
        A::Record(fields) | A::RecordSet(fields) => fields.iter().for_each(|(_, v)| f(v)),
        A::Except { base, updates } => {
            f(base);
            for u in updates {
                for step in &u.path {
                    if let ExceptStep::Index(items) = step {
                        items.iter().for_each(&mut *f);
                    }
                }
                f(&u.value)
            }
        }
        A::FnApp(g, args) => {
            f(g);
            args.iter().for_each(f)
        }
        A::Dot(r, _) => f(r),
    }
}
