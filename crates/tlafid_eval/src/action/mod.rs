//! Actions as generators of successor states, TLC's way: conjunctions left to right,
//! disjunctions and `\E` branch, `x' = e` and `x' \in S` assign an unassigned `x'` (and test
//! it otherwise), `UNCHANGED` assigns, operator calls are inlined, `IF`/`CASE`/`LET` are
//! followed; any other conjunct is a guard. The initial predicate runs the same way with
//! unprimed variables as the ones assigned.

use std::sync::Arc;

use smol_str::SmolStr;
use tlafid_base::Span;
use tlafid_sema::ir::{Binder, Expr, ExprKind, OpId, Slot};
use tlafid_value::Value;

use crate::ctx::Ctx;
use crate::error::EvalResult;
use crate::evaluator::{ConstBinding, Evaluator};

mod census;
mod dispatch;
mod enabled;
mod generate;
mod hoist;
mod plan;
mod shared;
mod split;
mod tree;

pub(crate) use hoist::{exists_guards, ExistsGuards};
pub(crate) use plan::Plans;
pub(crate) use split::{split_actions, Emit, ExistsCounts};
pub(crate) use tree::SplitTree;

/// One action of the next-state relation: a top-level disjunct, found through `\/`, `\E`,
/// `LET` and calls of defined operators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionDecl {
    /// The name of the innermost operator whose body holds it (`Next` when not split).
    pub name: SmolStr,
    /// Where that operator is defined.
    pub span: Span,
    /// The disjunct itself: TLC's location of the action in a behaviour
    /// (`<FillBig line 16, col 14 to line 16, col 39 of module DieHard>`).
    pub body: Span,
    /// The names its successors' [`ActionInfo::params`] carry: the `\E` variables and
    /// operator parameters bound on the way to it, outermost first.
    pub params: Vec<SmolStr>,
    /// The action TLC sees it as, when that differs: TLC does not split an `\E` whose
    /// domain depends on the state (`\E m \in msgs : Receive(m)`), so every action under it
    /// is one action, named after the operator holding the `\E`, at the `\E`.
    pub tlc: Option<TlcAction>,
}

/// An action as TLC splits the next-state relation (see [`ActionDecl::tlc`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlcAction {
    /// The operator holding it.
    pub name: SmolStr,
    /// Where that operator is defined.
    pub span: Span,
    /// The action's expression.
    pub body: Span,
}

/// Which action produced a successor, with the values of its parameters (`\E` variables
/// and operator parameters, outermost first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// Index into [`Evaluator::actions`](crate::Evaluator::actions).
    pub index: usize,
    /// Parameter names and values.
    pub params: Arc<[(SmolStr, Value)]>,
}

/// A compiled expression the splitter evaluates ahead of the actions (a shared guard or
/// key, a dispatch key): the node is the interpreter's twin, so values and errors are the
/// same.
pub(crate) struct Ahead<'p>(crate::compile::Node<'p>);

impl std::fmt::Debug for Ahead<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("<compiled>")
    }
}

/// Continuation of the generator: `Ok(false)` stops the search.
type Cont<'k, 'a, 'p> = dyn FnMut(&mut Ctx<'a, 'p>) -> EvalResult<bool> + 'k;

/// What the action splitter knows ahead about a disjunction it walks: it dispatches on a
/// label (`dispatch.rs`), or runs of its actions share their guard (`shared.rs`).
#[derive(Debug)]
pub(crate) enum Disjunction<'p> {
    Label(dispatch::Dispatch<'p>),
    Shared(shared::Shared<'p>),
}

/// The disjunctions of the next-state relation the splitter treats apart, in the order
/// found, and their index by the disjunction's address.
pub(crate) struct Disjunctions<'p> {
    list: Vec<Disjunction<'p>>,
    by_address: std::collections::HashMap<usize, usize, ahash::RandomState>,
}

impl Default for Disjunctions<'_> {
    fn default() -> Self {
        Disjunctions {
            list: Vec::new(),
            by_address: std::collections::HashMap::with_hasher(ahash::RandomState::with_seeds(
                17, 18, 19, 20,
            )),
        }
    }
}

impl<'p> Disjunctions<'p> {
    /// The index of the disjunction `expr`, if the splitter treats it apart.
    pub(crate) fn index_of(&self, expr: &Expr) -> Option<usize> {
        self.by_address
            .get(&(expr as *const Expr as usize))
            .copied()
    }

    /// The disjunction at `index` (from [`Disjunctions::index_of`]).
    pub(crate) fn get(&self, index: usize) -> &Disjunction<'p> {
        &self.list[index]
    }

    /// Every disjunction, in the order found.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Disjunction<'p>> {
        self.list.iter()
    }

    /// Puts `disjunction` at `address`, in place of the one there if `replace`, else only
    /// if there is none.
    fn put(&mut self, address: usize, disjunction: Disjunction<'p>, replace: bool) {
        match self.by_address.get(&address) {
            Some(&at) if replace => self.list[at] = disjunction,
            Some(_) => {}
            None => {
                self.by_address.insert(address, self.list.len());
                self.list.push(disjunction);
            }
        }
    }
}

/// The disjunctions of `next` with a label dispatch, and the others with shared guards.
pub(crate) fn disjunctions<'p>(ev: &Evaluator<'p>, next: OpId) -> Disjunctions<'p> {
    let mut out = Disjunctions::default();
    for (at, dispatch) in dispatch::label_dispatches(ev, next) {
        out.put(at, Disjunction::Label(dispatch), true);
    }
    for (at, shared) in shared::shared_guards(ev, next) {
        out.put(at, Disjunction::Shared(shared), false);
    }
    out
}

const MAX_SPLIT_DEPTH: usize = 32;

/// The items of a disjunction the splitter walks at `depth`, with the disjunctions among
/// them opened as it walks into them (`A \/ B \/ C` is `(A \/ B) \/ C`), in its order,
/// each with how much deeper than the disjunction it is walked (1 for its own items).
fn open_disjunction(items: &[Expr], depth: usize) -> Vec<(&Expr, usize)> {
    fn open<'p>(items: &'p [Expr], depth: usize, offset: usize, out: &mut Vec<(&'p Expr, usize)>) {
        for item in items {
            match &item.kind {
                ExprKind::Junction { and: false, items } if depth + offset <= MAX_SPLIT_DEPTH => {
                    open(items, depth, offset + 1, out)
                }
                _ => out.push((item, offset)),
            }
        }
    }
    let mut out = Vec::with_capacity(items.len());
    open(items, depth, 1, &mut out);
    out
}

/// Calls `visit` on each node the action splitter walks through (`\/`, `LET`, `\E` and
/// inlined calls), with its depth, from `expr` at `depth` down.
fn each_split_node<'p>(
    ev: &Evaluator<'p>,
    expr: &'p Expr,
    depth: usize,
    visit: &mut impl FnMut(&'p Expr, usize),
) {
    if depth > MAX_SPLIT_DEPTH {
        return;
    }
    visit(expr, depth);
    match &expr.kind {
        ExprKind::Junction { and: false, items } => items
            .iter()
            .for_each(|i| each_split_node(ev, i, depth + 1, visit)),
        ExprKind::LetValue { body, .. }
        | ExprKind::Quant {
            forall: false,
            body,
            ..
        } => each_split_node(ev, body, depth + 1, visit),
        _ => {
            if let Some((op, _)) = ev.inline_call(expr) {
                each_split_node(ev, &ev.program.op(op).body, depth + 1, visit);
            }
        }
    }
}

/// `e`'s structure as text, without source positions: two expressions of one operator
/// with the same shape read the same operators, variables, literals and frame slots.
fn shape(e: &(impl std::fmt::Debug + ?Sized)) -> String {
    const SPAN: &str = "Span { file: FileId(";
    let text = format!("{e:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find(SPAN) {
        out.push_str(&rest[..at]);
        match rest[at..].find('}') {
            Some(end) => rest = &rest[at + end + 1..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

/// The frame slots `e` reads that it does not bind itself, each once, in the order met.
fn free_slots(e: &Expr) -> Vec<Slot> {
    fn walk(e: &Expr, read: &mut Vec<Slot>, bound: &mut Vec<Slot>) {
        let binders: &[Binder] = match &e.kind {
            ExprKind::Local(slot) | ExprKind::LocalOpArg(slot) => {
                if !read.contains(slot) {
                    read.push(*slot);
                }
                &[]
            }
            ExprKind::LetValue { slot, .. } | ExprKind::Except { at: slot, .. } => {
                bound.push(*slot);
                &[]
            }
            ExprKind::Quant { binders, .. }
            | ExprKind::SetMap(_, binders)
            | ExprKind::FnCons(binders, _) => binders,
            ExprKind::Choose(binder, _) | ExprKind::SetFilter(binder, _) => {
                std::slice::from_ref(&**binder)
            }
            _ => &[],
        };
        bound.extend(binders.iter().flat_map(|b| b.slots.iter().copied()));
        tlafid_sema::walk::each_child(e, &mut |child| walk(child, read, bound));
    }
    let (mut read, mut bound) = (Vec::new(), Vec::new());
    walk(e, &mut read, &mut bound);
    read.retain(|slot| !bound.contains(slot));
    read
}

impl Evaluator<'_> {
    /// The operator an action-level call runs, when the generator should inline it: calls of
    /// defined operators (after configuration overrides) and of operator constants bound
    /// to one; not natives, function definitions or recursive operators.
    pub(crate) fn inline_call<'x>(&self, e: &'x Expr) -> Option<(OpId, &'x [Expr])> {
        let (op, args) = match &e.kind {
            ExprKind::Call(op, args) => (*op, args.as_slice()),
            ExprKind::ConstCall(c, args) => match self.consts.get(c.0 as usize)? {
                Some(ConstBinding::Op(op)) => (*op, args.as_slice()),
                _ => return None,
            },
            ExprKind::Const(c) => match self.consts.get(c.0 as usize)? {
                Some(ConstBinding::Op(op)) => (*op, &[][..]),
                _ => return None,
            },
            _ => return None,
        };
        let target = (*self.inline_targets.get(op.0 as usize)?)?;
        Some((target, args))
    }
}

/// For each operator, what [`Evaluator::inline_call`] inlines for a call of it: the
/// operator after configuration overrides, unless that is a native, a function definition,
/// a recursive operator or a value.
pub(crate) fn inline_targets(ev: &Evaluator<'_>) -> Vec<Option<OpId>> {
    (0..ev.program.ops.len())
        .map(|i| {
            let mut op = OpId(i as u32);
            for _ in 0..8 {
                match &ev.overrides[op.0 as usize] {
                    Some(ConstBinding::Op(other)) => op = *other,
                    Some(ConstBinding::Value(_)) => return None,
                    None => break,
                }
            }
            let def = ev.program.op(op);
            let plain =
                def.function.is_none() && !def.recursive && ev.natives[op.0 as usize].is_none();
            (plain && ev.overrides[op.0 as usize].is_none()).then_some(op)
        })
        .collect()
}

/// For each operator, whether it is a function definition whose body the generator runs
/// as one test: run at an argument as part of an action (`\E c \in calls :
/// CanServiceCall[e, c]`), it calls its continuation once when the body is true and not at
/// all otherwise, evaluating what the body's test evaluates in the same order. So nowhere
/// in it, nor in the bodies of the operators and function definitions the generator would
/// inline from it, a disjunction or quantifier (which branch), a prime, an instance
/// substitution, `UNCHANGED`, `\cdot` or an action form: its application is then tested as
/// a guard, in its compiled form ([`crate::compile`]), not run by the generator.
pub(crate) fn guard_fn_defs(ev: &Evaluator<'_>) -> Vec<bool> {
    (0..ev.program.ops.len())
        .map(|i| {
            let def = ev.program.op(OpId(i as u32));
            def.function.is_some() && runs_as_test(ev, &def.body, 0)
        })
        .collect()
}

/// Does the generator run `e` as one test (see [`guard_fn_defs`])? `depth`: the operator
/// bodies entered, at most 8.
fn runs_as_test(ev: &Evaluator<'_>, e: &Expr, depth: usize) -> bool {
    use tlafid_sema::ir::Builtin;
    let branches = match &e.kind {
        ExprKind::Junction { and: false, .. }
        | ExprKind::Quant { .. }
        | ExprKind::Prime(_)
        | ExprKind::Var { primed: true, .. }
        | ExprKind::Substituted { .. }
        | ExprKind::BoxAction(..)
        | ExprKind::AngleAction(..)
        | ExprKind::Builtin(Builtin::Cdot | Builtin::Unchanged, _) => true,
        ExprKind::FnApp(f, _) => match &f.kind {
            ExprKind::Call(op, _) if ev.program.op(*op).function.is_some() => {
                depth >= 8 || !runs_as_test(ev, &ev.program.op(*op).body, depth + 1)
            }
            _ => false,
        },
        _ => match ev.inline_call(e) {
            Some((op, _)) => depth >= 8 || !runs_as_test(ev, &ev.program.op(op).body, depth + 1),
            None => false,
        },
    };
    if branches {
        return false;
    }
    let mut all = true;
    tlafid_sema::walk::each_child(e, &mut |child| {
        all = all && runs_as_test(ev, child, depth);
    });
    all
}
