//! Replacing one node of an expression, found by its pre-order position (in
//! `tlafid_sema::walk::each_child` order), in a clone.

use tlafid_sema::ir::Expr;
use tlafid_sema::walk::each_child_mut;

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
    use tlafid_sema::ir::ExprKind;
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
