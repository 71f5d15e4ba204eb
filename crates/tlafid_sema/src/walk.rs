//! Walking the resolved IR: visiting the sub-expressions of an expression, and renumbering
//! frame slots (used when a lifted `LET`'s captured slots are moved to the front).

use crate::ir::{Binder, ExceptStep, Expr, ExprKind, Slot};

/// Calls `f` on each direct sub-expression of `e` (binder domains included), in order.
pub fn each_child<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    use ExprKind::*;
    match &e.kind {
        Bool(_)
        | Int(_)
        | BigInt(_)
        | Str(_)
        | BooleanSet
        | StringSet
        | Var { .. }
        | Const(_)
        | Local(_)
        | LocalOpArg(_) => {}
        ConstCall(_, args)
        | LocalCall(_, args)
        | Call(_, args)
        | OpArg(_, args)
        | Builtin(_, args) => args.iter().for_each(f),
        Junction { items, .. } | SetEnum(items) | Tuple(items) | Cross(items) => {
            items.iter().for_each(f)
        }
        Prime(a) | TemporalQuant { body: a, .. } | Substituted { value: a, .. } => f(a),
        If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Case { arms, other } => {
            for (g, v) in arms {
                f(g);
                f(v);
            }
            if let Some(o) = other {
                f(o)
            }
        }
        LetValue { value, body, .. } => {
            f(value);
            f(body)
        }
        Quant { binders, body, .. } => {
            binders
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(&mut *f);
            f(body)
        }
        Choose(b, body) | SetFilter(b, body) => {
            if let Some(d) = &b.domain {
                f(d)
            }
            f(body)
        }
        SetMap(body, binders) | FnCons(binders, body) => {
            binders
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(&mut *f);
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
        Dot(a, _) => f(a),
    }
}

/// Calls `f` on each direct sub-expression of `e`, mutably, in [`each_child`]'s order (so a
/// node found by a pre-order count over an expression can be replaced in its clone).
pub fn each_child_mut(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    use ExprKind::*;
    match &mut e.kind {
        Bool(_)
        | Int(_)
        | BigInt(_)
        | Str(_)
        | BooleanSet
        | StringSet
        | Var { .. }
        | Const(_)
        | Local(_)
        | LocalOpArg(_) => {}
        ConstCall(_, args)
        | LocalCall(_, args)
        | Call(_, args)
        | OpArg(_, args)
        | Builtin(_, args) => args.iter_mut().for_each(f),
        Junction { items, .. } | SetEnum(items) | Tuple(items) | Cross(items) => {
            items.iter_mut().for_each(f)
        }
        Prime(a) | TemporalQuant { body: a, .. } | Substituted { value: a, .. } | Dot(a, _) => f(a),
        If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Case { arms, other } => {
            for (g, v) in arms {
                f(g);
                f(v);
            }
            if let Some(o) = other {
                f(o)
            }
        }
        LetValue { value, body, .. } => {
            f(value);
            f(body)
        }
        Quant { binders, body, .. } | SetMap(body, binders) | FnCons(binders, body) => {
            binders
                .iter_mut()
                .filter_map(|b| b.domain.as_mut())
                .for_each(&mut *f);
            f(body)
        }
        Choose(b, body) | SetFilter(b, body) => {
            if let Some(d) = &mut b.domain {
                f(d)
            }
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
        Record(fields) | RecordSet(fields) => fields.iter_mut().for_each(|(_, v)| f(v)),
        Except { base, updates, .. } => {
            f(base);
            for u in updates {
                for step in &mut u.path {
                    if let ExceptStep::Index(i) = step {
                        f(i)
                    }
                }
                f(&mut u.value)
            }
        }
    }
}

/// Renumbers every slot in `e` (and in binders) with `map`.
pub(crate) fn remap_slots(e: &mut Expr, map: &impl Fn(u32) -> u32) {
    use ExprKind::*;
    let slot = |s: &mut Slot| s.0 = map(s.0);
    match &mut e.kind {
        Bool(_) | Int(_) | BigInt(_) | Str(_) | BooleanSet | StringSet | Var { .. } | Const(_) => {}
        Local(s) | LocalOpArg(s) => slot(s),
        LocalCall(s, args) => {
            slot(s);
            args.iter_mut().for_each(|a| remap_slots(a, map))
        }
        ConstCall(_, args) | Call(_, args) | OpArg(_, args) | Builtin(_, args) => {
            args.iter_mut().for_each(|a| remap_slots(a, map))
        }
        Junction { items, .. } | SetEnum(items) | Tuple(items) | Cross(items) => {
            items.iter_mut().for_each(|a| remap_slots(a, map))
        }
        Prime(a) | TemporalQuant { body: a, .. } | Substituted { value: a, .. } | Dot(a, _) => {
            remap_slots(a, map)
        }
        If(a, b, c) => {
            remap_slots(a, map);
            remap_slots(b, map);
            remap_slots(c, map)
        }
        Case { arms, other } => {
            for (g, v) in arms {
                remap_slots(g, map);
                remap_slots(v, map);
            }
            if let Some(o) = other {
                remap_slots(o, map)
            }
        }
        LetValue {
            slot: s,
            value,
            body,
        } => {
            slot(s);
            remap_slots(value, map);
            remap_slots(body, map)
        }
        Quant { binders, body, .. } | SetMap(body, binders) | FnCons(binders, body) => {
            binders.iter_mut().for_each(|b| remap_binder(b, map));
            remap_slots(body, map)
        }
        Choose(b, body) | SetFilter(b, body) => {
            remap_binder(b, map);
            remap_slots(body, map)
        }
        FnSet(a, b) | FnApp(a, b) | BoxAction(a, b) | AngleAction(a, b) => {
            remap_slots(a, map);
            remap_slots(b, map)
        }
        Fairness { vars, action, .. } => {
            remap_slots(vars, map);
            remap_slots(action, map)
        }
        Record(fields) | RecordSet(fields) => {
            fields.iter_mut().for_each(|(_, v)| remap_slots(v, map))
        }
        Except { base, updates, at } => {
            slot(at);
            remap_slots(base, map);
            for u in updates {
                for step in &mut u.path {
                    if let ExceptStep::Index(i) = step {
                        remap_slots(i, map)
                    }
                }
                remap_slots(&mut u.value, map)
            }
        }
    }
}

/// Renumbers a binder's slots and its domain.
pub(crate) fn remap_binder(b: &mut Binder, map: &impl Fn(u32) -> u32) {
    b.slots.iter_mut().for_each(|s| s.0 = map(s.0));
    if let Some(d) = &mut b.domain {
        remap_slots(d, map)
    }
}
