//! The frames of the translation ([`Frame`]): binding slots, flattening a frame chain into
//! the evaluator's [`Env`], and what decides an atom's environment (the slots it reads, the
//! operator it is written in).

use std::rc::Rc;

use tlafid_eval::{Env, EnvFrame, EnvSlot, Value};
use tlafid_sema::ir::{Binder, Expr, ExprKind, Program, Slot};

use super::{Binding, Frame};

/// A copy of `frame` (same identity) with `slots` bound.
pub(super) fn rebind<'p>(frame: &Rc<Frame<'p>>, slots: &[(Slot, Binding<'p>)]) -> Rc<Frame<'p>> {
    let mut copy = Frame::clone(frame);
    for (slot, binding) in slots {
        let at = slot.0 as usize;
        if copy.slots.len() <= at {
            copy.slots.resize(at + 1, Binding::Empty);
        }
        copy.slots[at] = binding.clone();
    }
    copy.size = copy.size.max(copy.slots.len());
    Rc::new(copy)
}

/// `frame` with `binder` bound to `elem` (destructured when the binder is a tuple).
pub(super) fn bind_elem<'p>(
    frame: &Rc<Frame<'p>>,
    binder: &Binder,
    elem: &Value,
) -> Option<Rc<Frame<'p>>> {
    let values: Vec<Value> = if binder.tuple {
        let Value::Seq(seq) = elem else {
            return None;
        };
        if seq.elems().len() != binder.slots.len() {
            return None;
        }
        seq.elems().to_vec()
    } else {
        vec![elem.clone()]
    };
    let slots: Vec<(Slot, Binding<'p>)> = binder
        .slots
        .iter()
        .zip(values)
        .map(|(s, v)| (*s, Binding::Val(v)))
        .collect();
    Some(rebind(frame, &slots))
}

/// The frames from the outermost to `frame`, as the evaluator takes them.
pub(super) fn flatten<'p>(frame: &Rc<Frame<'p>>) -> Env<'p> {
    let mut chain: Vec<&Frame<'p>> = Vec::new();
    let mut at = Some(frame.as_ref());
    while let Some(f) = at {
        chain.push(f);
        at = f.parent.as_deref();
    }
    chain.reverse();
    let index = |id: usize| chain.iter().position(|f| f.id == id).unwrap_or(0);
    let frames = chain
        .iter()
        .map(|f| EnvFrame {
            size: f.size,
            slots: f
                .slots
                .iter()
                .map(|b| match b {
                    Binding::Empty => EnvSlot::Empty,
                    Binding::Val(v) => EnvSlot::Val(v.clone()),
                    Binding::ByName { expr, frame } => EnvSlot::ByName {
                        expr,
                        frame: index(frame.id),
                    },
                    Binding::Op { expr, frame } => EnvSlot::Op {
                        expr,
                        frame: index(frame.id),
                    },
                })
                .collect(),
        })
        .collect();
    Env {
        frames,
        instance: Default::default(),
        module: Default::default(),
    }
}

/// The instance path and module of the operator whose body holds `expr` (the model hands
/// over parts of bodies, such as the `WF` conjunct of `R!Spec`); empty when no operator
/// holds it, or when no variable is substituted by an expression (then they do not matter).
pub(super) fn enclosing_op<'p>(program: &'p Program, expr: &Expr) -> (&'p str, &'p str) {
    if program.substituted.is_empty() {
        return ("", "");
    }
    let holds = |body: &Expr| {
        let mut found = false;
        crate::spec::visit(body, &mut |e| found |= std::ptr::eq(e, expr));
        found
    };
    program
        .ops
        .iter()
        .find(|op| holds(&op.body))
        .map_or(("", ""), |op| (op.instance.as_str(), op.module.as_str()))
}

/// Does `expr` read no frame slot (so its environment does not matter)?
pub(super) fn closed(expr: &Expr) -> bool {
    let mut closed = true;
    crate::spec::visit(expr, &mut |e| {
        closed &= !matches!(
            e.kind,
            ExprKind::Local(_) | ExprKind::LocalCall(..) | ExprKind::LocalOpArg(_)
        );
    });
    closed
}

/// One more than the largest frame slot `expr` uses or binds.
pub(super) fn slots_used(expr: &Expr) -> usize {
    let mut max = 0usize;
    crate::spec::visit(expr, &mut |e| {
        let mut note = |s: &Slot| max = max.max(s.0 as usize + 1);
        match &e.kind {
            ExprKind::Local(s) | ExprKind::LocalCall(s, _) | ExprKind::LocalOpArg(s) => note(s),
            ExprKind::LetValue { slot, .. } => note(slot),
            ExprKind::Except { at, .. } => note(at),
            ExprKind::Quant { binders, .. }
            | ExprKind::SetMap(_, binders)
            | ExprKind::FnCons(binders, _) => binders.iter().flat_map(|b| &b.slots).for_each(note),
            ExprKind::Choose(b, _) | ExprKind::SetFilter(b, _) => b.slots.iter().for_each(note),
            _ => {}
        }
    });
    max
}
