//! A mutable twin of `tlafid_sema::walk::each_child`: the direct sub-expressions of an
//! expression, in the same order, so that a node found by a pre-order count over the
//! original can be replaced in a clone.

use tlafid_sema::ir::{ExceptStep, Expr, ExprKind};

/// Calls `f` on each direct sub-expression of `e`, in `each_child`'s order.
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
        Prime(a) | TemporalQuant { body: a, .. } | Dot(a, _) => f(a),
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

/// Replaces the node at pre-order position `index` of `root` (the root is 0, children are
/// counted in `each_child` order) by `replace(node)`. Returns false when there is no such node.
pub fn replace_at(root: &mut Expr, index: usize, replace: &dyn Fn(&Expr) -> Expr) -> bool {
    let mut remaining = index;
    replace_walk(root, &mut remaining, replace)
}

fn replace_walk(e: &mut Expr, remaining: &mut usize, replace: &dyn Fn(&Expr) -> Expr) -> bool {
    if *remaining == 0 {
        *e = replace(e);
        return true;
    }
    *remaining -= 1;
    let mut done = false;
    each_child_mut(e, &mut |child| {
        if !done {
            done = replace_walk(child, remaining, replace);
        }
    });
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use tlafid_base::Span;
    use tlafid_sema::walk::each_child;

    fn leaf(n: i64) -> Expr {
        Expr {
            kind: ExprKind::Int(n),
            span: Span::default(),
        }
    }

    fn preorder(e: &Expr, out: &mut Vec<i64>) {
        if let ExprKind::Int(n) = e.kind {
            out.push(n);
        }
        each_child(e, &mut |c| preorder(c, out));
    }

    #[test]
    fn replace_at_counts_in_each_child_order() {
        let tuple = Expr {
            kind: ExprKind::If(
                Box::new(leaf(1)),
                Box::new(Expr {
                    kind: ExprKind::Tuple(vec![leaf(2), leaf(3)]),
                    span: Span::default(),
                }),
                Box::new(leaf(4)),
            ),
            span: Span::default(),
        };
        // Pre-order: 0 If, 1 Int(1), 2 Tuple, 3 Int(2), 4 Int(3), 5 Int(4).
        let mut copy = tuple.clone();
        assert!(replace_at(&mut copy, 4, &|_| leaf(30)));
        let mut seen = Vec::new();
        preorder(&copy, &mut seen);
        assert_eq!(seen, vec![1, 2, 30, 4]);
        assert!(!replace_at(&mut copy, 6, &|_| leaf(0)));
    }
}
