//! Label dispatch: a disjunction of actions that each begin by testing one place of the state
//! against a different label, PlusCal's `p(self) == L1(self) \/ L2(self) \/ ...` where
//! `Li(self) == /\ pc[self] = "Li" /\ ...`, `state[i] = Leader` with model values, a whole
//! variable (`state = READY`), or any expression of the disjunction's frame without effects
//! (Raft's `m.mtype = RequestVoteRequest`), also under the `LET`s an action begins with
//! (their definitions are evaluated only when used). The action splitter reads the place once
//! and walks only the actions whose label it holds: every other one would stop at its first
//! conjunct, generating nothing and raising nothing (strings and model values compare with
//! each other without error). Their action numbers are still counted. When the place holds
//! neither a string nor a model value, cannot be read without evaluating anything (an
//! argument passed by name), or its expression fails, every action is walked as usual.

use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpId, Slot};
use tlafid_value::{ModelValue, Text, Value};

use super::{each_split_node, free_slots, open_disjunction, shape, Ahead, MAX_SPLIT_DEPTH};
use crate::compile::NodeBuilder;
use crate::ctx::Ctx;
use crate::evaluator::{ConstBinding, Evaluator};

/// A disjunction whose actions test `place = "label"` first.
#[derive(Debug)]
pub(crate) struct Dispatch<'p> {
    /// What they test.
    place: Place<'p>,
    /// The disjunction's items, with the disjunctions among them (`A \/ B \/ C` is
    /// `(A \/ B) \/ C`) opened, in the splitter's order.
    arms: Vec<Arm<'p>>,
}

/// The place a dispatch reads.
#[derive(Debug)]
enum Place<'p> {
    /// A state variable (`pc`), applied to an argument in the disjunction's frame, or whole
    /// (`None`): read without evaluating anything.
    Var { var: usize, arg: Option<Arg> },
    /// An expression without effects, evaluated in the disjunction's frame when the slots
    /// it reads there hold values.
    Key {
        expr: Ahead<'p>,
        slots: Vec<Slot>,
        /// Its [`shape`]: two actions test the same key when their shapes are equal.
        shape: String,
    },
}

impl Place<'_> {
    fn same(&self, other: &Place<'_>) -> bool {
        match (self, other) {
            (Place::Var { var, arg }, Place::Var { var: v, arg: a }) => var == v && arg == a,
            (Place::Key { shape, .. }, Place::Key { shape: s, .. }) => shape == s,
            _ => false,
        }
    }
}

/// One item of a dispatched disjunction.
#[derive(Debug)]
pub(crate) struct Arm<'p> {
    /// The item.
    pub item: &'p Expr,
    /// How much deeper than the disjunction the splitter walks it (1 for its own items).
    pub depth: usize,
    /// The label its first conjunct requires, for an item that is one action; `None` for
    /// an item that is always walked.
    pub label: Option<Label>,
}

/// A label: a string, or a model value (`state[i] = Leader` with `Leader` a model value).
/// A string and a model value compare without error (a model value is unequal to any
/// other value), so a place holding either is never an error against any label.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Label {
    Str(Text),
    Model(&'static ModelValue),
}

impl Label {
    /// Is this the label `other` (the same string, the same model value)?
    pub(crate) fn same(self, other: Label) -> bool {
        match (self, other) {
            (Label::Str(a), Label::Str(b)) => a.same(b),
            (Label::Model(a), Label::Model(b)) => a == b,
            _ => false,
        }
    }

    /// The label `v` is, when it is a string or a model value.
    pub(crate) fn of_value(v: &Value) -> Option<Label> {
        match v {
            Value::Str(label) => Some(Label::Str(*label)),
            Value::Model(m) => Some(Label::Model(m)),
            _ => None,
        }
    }
}

/// The argument of the tested place: a slot of the disjunction's frame, or a constant.
#[derive(Debug, Clone, PartialEq)]
enum Arg {
    Slot(Slot),
    Value(Value),
}

/// The label dispatches of the next-state relation `next`, found where the action
/// splitter walks, by the address of their disjunction.
pub(crate) fn label_dispatches<'p>(ev: &Evaluator<'p>, next: OpId) -> Vec<(usize, Dispatch<'p>)> {
    let mut out = Vec::new();
    each_split_node(ev, &ev.program.op(next).body, 0, &mut |expr, depth| {
        if let ExprKind::Junction { and: false, items } = &expr.kind {
            if let Some(dispatch) = dispatch_of(ev, items, depth) {
                out.push((expr as *const Expr as usize, dispatch));
            }
        }
    });
    out
}

/// The dispatch of a disjunction at `depth`: at least two of its actions test the same
/// place, and none tests another.
fn dispatch_of<'p>(ev: &Evaluator<'p>, items: &'p [Expr], depth: usize) -> Option<Dispatch<'p>> {
    let mut place: Option<Place<'p>> = None;
    let mut arms = Vec::with_capacity(items.len());
    for (item, offset) in open_disjunction(items, depth) {
        let label = match label_test(ev, item, depth + offset) {
            Some((tested, label)) => {
                match &place {
                    None => place = Some(tested),
                    Some(p) if p.same(&tested) => {}
                    // Two actions test different places.
                    Some(_) => return None,
                }
                Some(label)
            }
            None => None,
        };
        arms.push(Arm {
            item,
            depth: offset,
            label,
        });
    }
    let place = place?;
    let labelled = arms.iter().filter(|a| a.label.is_some()).count();
    (labelled >= 2).then_some(Dispatch { place, arms })
}

/// The label test an item of a disjunction begins with, when the item is one action walked
/// at `depth` (a conjunction, or an inlined call of an operator whose body is one, either
/// under `LET`s): the place, read in the disjunction's frame, and the label.
fn label_test<'p>(ev: &Evaluator<'p>, item: &'p Expr, depth: usize) -> Option<(Place<'p>, Label)> {
    let (item, lets) = under_lets(item);
    // The item, and the body of a call, must be walked as one action (not cut off by the
    // depth limit, which makes the whole item one action run by the generator).
    if depth + lets.len() + 1 > MAX_SPLIT_DEPTH {
        return None;
    }
    if let ExprKind::Junction { and: true, .. } = &item.kind {
        let (subject, label) = first_test(ev, item)?;
        let place = match var_place(subject) {
            Some((var, index)) => {
                let arg = match index {
                    // A slot the `LET`s bind is not bound in the disjunction's frame.
                    Some(Expr {
                        kind: ExprKind::Local(slot),
                        ..
                    }) if lets.iter().any(|(s, _)| s == slot) => return None,
                    Some(index) => Some(frame_arg(index)?),
                    None => None,
                };
                Place::Var { var, arg }
            }
            None => key_place(ev, subject, &lets)?,
        };
        return Some((place, label));
    }
    let (op, args) = ev.inline_call(item)?;
    let def = ev.program.op(op);
    let (body, lets) = under_lets(&def.body);
    if depth + lets.len() + 2 > MAX_SPLIT_DEPTH
        || !matches!(body.kind, ExprKind::Junction { and: true, .. })
    {
        return None;
    }
    let (subject, label) = first_test(ev, body)?;
    let (var, index) = var_place(subject)?;
    let arg = match index.map(|index| &index.kind) {
        None => None,
        // A parameter of the callee (its slots come first): the caller's argument.
        Some(ExprKind::Local(slot)) if (slot.0 as usize) < def.params.len() => {
            Some(frame_arg(args.get(slot.0 as usize)?)?)
        }
        Some(_) => Some(Arg::Value(constant(index?)?)),
    };
    Some((Place::Var { var, arg }, label))
}

/// `subject` as a key: an expression without effects that reads no slot the `LET`s before
/// it bind (not bound in the disjunction's frame) and is not a literal.
fn key_place<'p>(
    ev: &Evaluator<'p>,
    subject: &'p Expr,
    lets: &[(Slot, &Expr)],
) -> Option<Place<'p>> {
    if label_of(ev, subject).is_some() || constant(subject).is_some() {
        return None;
    }
    let slots = free_slots(subject);
    if slots.iter().any(|s| lets.iter().any(|(l, _)| l == s)) || !ev.stays_in_state(subject) {
        return None;
    }
    Some(Place::Key {
        expr: Ahead(NodeBuilder::new(ev).root(subject)),
        slots,
        shape: shape(subject),
    })
}

/// `e` without the `LET`s it begins with, and their slots and definitions.
pub(crate) fn under_lets(mut e: &Expr) -> (&Expr, Vec<(Slot, &Expr)>) {
    let mut lets = Vec::new();
    while let ExprKind::LetValue { slot, value, body } = &e.kind {
        lets.push((*slot, &**value));
        e = body;
    }
    (e, lets)
}

/// The first conjunct of the conjunction `e` (the generator runs a conjunction's first item
/// first, and a conjunction there first of all its own) when it is `subject = label` or
/// `label = subject`, the label a string literal or a constant bound to a model value.
pub(crate) fn first_test<'e>(ev: &Evaluator<'_>, mut e: &'e Expr) -> Option<(&'e Expr, Label)> {
    while let ExprKind::Junction { and: true, items } = &e.kind {
        e = items.first()?;
    }
    let ExprKind::Builtin(Builtin::Eq, args) = &e.kind else {
        return None;
    };
    let [lhs, rhs] = args.as_slice() else {
        return None;
    };
    match label_of(ev, rhs) {
        Some(label) => Some((lhs, label)),
        None => Some((rhs, label_of(ev, lhs)?)),
    }
}

/// `var[index]` or `var` for an unprimed state variable: the variable and the index.
fn var_place(e: &Expr) -> Option<(usize, Option<&Expr>)> {
    let (var, index) = match &e.kind {
        ExprKind::FnApp(f, index) => (&**f, Some(&**index)),
        _ => (e, None),
    };
    match var.kind {
        ExprKind::Var { var, primed: false } => Some((var.0 as usize, index)),
        _ => None,
    }
}

/// The label `e` is: a string literal, or a constant bound to a model value.
fn label_of(ev: &Evaluator<'_>, e: &Expr) -> Option<Label> {
    match &e.kind {
        ExprKind::Str(label) => Some(Label::Str(ev.interned(label))),
        ExprKind::Const(c) => match ev.consts.get(c.0 as usize)? {
            Some(ConstBinding::Value(Value::Model(m))) => Some(Label::Model(m)),
            _ => None,
        },
        _ => None,
    }
}

/// An argument read in the disjunction's own frame: one of its slots, or a constant.
fn frame_arg(e: &Expr) -> Option<Arg> {
    match &e.kind {
        ExprKind::Local(slot) => Some(Arg::Slot(*slot)),
        _ => Some(Arg::Value(constant(e)?)),
    }
}

/// A string or integer literal.
fn constant(e: &Expr) -> Option<Value> {
    match &e.kind {
        ExprKind::Str(s) => Some(Value::Str(Text::new(s))),
        ExprKind::Int(i) => Some(Value::Int(*i)),
        _ => None,
    }
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// The label the place of `dispatch` holds in the current state; `None` when it is
    /// neither a string nor a model value, cannot be read so, or its key fails (then every
    /// action is walked, and meets whatever error there is in its place).
    pub(crate) fn dispatch_label(&mut self, dispatch: &'a Dispatch<'p>) -> Option<Label> {
        if self.in_prime || self.init_mode {
            return None;
        }
        match &dispatch.place {
            Place::Var { var, arg } => {
                let var = self.cur.get(*var)?;
                let held = match arg {
                    None => var,
                    Some(Arg::Slot(slot)) => var.apply(self.ready_local(*slot)?).ok()?,
                    Some(Arg::Value(v)) => var.apply(v).ok()?,
                };
                Label::of_value(held)
            }
            Place::Key { expr, slots, .. } => {
                if slots.iter().any(|slot| self.ready_local(*slot).is_none()) {
                    return None;
                }
                Label::of_value(&self.run(&expr.0).ok()?)
            }
        }
    }
}

impl<'p> Dispatch<'p> {
    /// The items, in the splitter's order.
    pub(crate) fn arms(&self) -> &[Arm<'p>] {
        &self.arms
    }
}
