//! Behaviour mutants: one-change edits of the definitions the next-state relation uses, found
//! in a deterministic order (definitions in the order the relation reaches them, then source
//! pre-order), and applied to a copy of the program.

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, Level, OpId, Program};
use tlafid_sema::walk::each_child;

use crate::occurrence::{Unfolding, LIBRARY_MODULES};
use crate::walk_mut::replace_at;

/// One kind of change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A guard conjunct of an action replaced by TRUE.
    DropGuard,
    /// A guard conjunct of an action negated.
    NegateGuard,
    /// A comparison operator replaced by another (`<` by `<=`, `=` by `#`, ...).
    FlipComparison {
        /// The operator written.
        from: &'static str,
        /// The operator put instead.
        to: &'static str,
    },
    /// `e + 1` changed into `e - 1`.
    IncrementToDecrement,
    /// `e + 1` changed into `e + 0`.
    IncrementToNothing,
    /// A disjunct of an action (a branch of the next-state relation) replaced by FALSE.
    DropDisjunct,
}

impl Change {
    /// A short description, for reports (`drop guard`, `flip < to <=`).
    pub fn describe(&self) -> String {
        match self {
            Change::DropGuard => "drop guard".into(),
            Change::NegateGuard => "negate guard".into(),
            Change::FlipComparison { from, to } => format!("flip {from} to {to}"),
            Change::IncrementToDecrement => "change + 1 into - 1".into(),
            Change::IncrementToNothing => "change + 1 into + 0".into(),
            Change::DropDisjunct => "drop disjunct".into(),
        }
    }
}

/// A mutation site: a change at a node of a definition's body.
#[derive(Clone, Debug)]
pub struct Mutation {
    /// The definition changed.
    pub op: OpId,
    /// The node, as its pre-order position in the definition's body.
    pub node: usize,
    /// What is changed.
    pub change: Change,
    /// Where the node is written.
    pub span: Span,
}

const COMPARISONS: [(&str, &str); 4] = [("<", "<="), ("<=", "<"), (">", ">="), (">=", ">")];

/// Every mutation of the definitions `next` reaches, in a deterministic order.
pub fn mutation_sites(unfolding: &Unfolding<'_>, next: OpId) -> Vec<Mutation> {
    let program = unfolding.program;
    let mut ops = vec![next];
    let mut out = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        let op = ops[i];
        let def = program.op(op);
        let mut walker = SiteWalker {
            program,
            op,
            in_action: def.level >= Level::Action,
            position: 0,
            out: &mut out,
            calls: Vec::new(),
        };
        walker.walk(&def.body, Context::Plain);
        for called in walker.calls {
            let called_def = program.op(called);
            if !ops.contains(&called)
                && unfolding.can_enter(called)
                && called_def.level >= Level::State
            {
                ops.push(called);
            }
        }
        i += 1;
    }
    out
}

/// What a node is to its parent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Plain,
    Guard,
    Disjunct,
}

struct SiteWalker<'a> {
    program: &'a Program,
    op: OpId,
    in_action: bool,
    position: usize,
    out: &'a mut Vec<Mutation>,
    calls: Vec<OpId>,
}

impl SiteWalker<'_> {
    fn push(&mut self, node: usize, change: Change, span: Span) {
        self.out.push(Mutation {
            op: self.op,
            node,
            change,
            span,
        });
    }

    fn walk(&mut self, expr: &Expr, context: Context) {
        let node = self.position;
        self.position += 1;
        match context {
            Context::Guard => {
                self.push(node, Change::DropGuard, expr.span);
                self.push(node, Change::NegateGuard, expr.span);
            }
            Context::Disjunct => self.push(node, Change::DropDisjunct, expr.span),
            Context::Plain => {}
        }
        self.node_changes(expr, node);
        let child_context = |child: &Expr| match &expr.kind {
            ExprKind::Junction { and: true, .. }
                if self.in_action && !is_action(self.program, child) && !is_literal(child) =>
            {
                Context::Guard
            }
            ExprKind::Junction { and: false, items }
                if self.in_action && items.len() > 1 && is_action(self.program, child) =>
            {
                Context::Disjunct
            }
            _ => Context::Plain,
        };
        let mut children = Vec::new();
        each_child(expr, &mut |c| children.push(c));
        let contexts: Vec<Context> = children.iter().map(|c| child_context(c)).collect();
        for (child, context) in children.into_iter().zip(contexts) {
            self.walk(child, context);
        }
    }

    fn node_changes(&mut self, expr: &Expr, node: usize) {
        match &expr.kind {
            ExprKind::Builtin(b @ (Builtin::Eq | Builtin::Neq), args)
                if !args.iter().any(|a| is_action(self.program, a)) =>
            {
                let (from, to) = if *b == Builtin::Eq {
                    ("=", "#")
                } else {
                    ("#", "=")
                };
                self.push(node, Change::FlipComparison { from, to }, expr.span);
            }
            ExprKind::Call(op, args) => {
                let def = self.program.op(*op);
                let arithmetic = LIBRARY_MODULES[..3].contains(&def.module.as_str());
                if arithmetic && args.len() == 2 && !args.iter().any(|a| is_action(self.program, a))
                {
                    if let Some(&(from, to)) = COMPARISONS.iter().find(|(f, _)| *f == def.name) {
                        if find_arith(self.program, to).is_some() {
                            self.push(node, Change::FlipComparison { from, to }, expr.span);
                        }
                    }
                }
                if arithmetic
                    && def.name == "+"
                    && args.len() == 2
                    && matches!(args[1].kind, ExprKind::Int(1))
                {
                    if find_arith(self.program, "-").is_some() {
                        self.push(node, Change::IncrementToDecrement, expr.span);
                    }
                    self.push(node, Change::IncrementToNothing, expr.span);
                }
                self.calls.push(*op);
            }
            _ => {}
        }
    }
}

fn is_literal(expr: &Expr) -> bool {
    matches!(expr.kind, ExprKind::Bool(_))
}

/// The binary arithmetic operator `name` of the standard modules, if the program has it.
fn find_arith(program: &Program, name: &str) -> Option<OpId> {
    program
        .ops
        .iter()
        .position(|d| {
            d.name == name
                && d.params.len() == 2
                && LIBRARY_MODULES[..3].contains(&d.module.as_str())
        })
        .map(|i| OpId(i as u32))
}

/// Does `expr` mention a primed variable or an action (directly or through what it calls)?
pub fn is_action(program: &Program, expr: &Expr) -> bool {
    let mut found = false;
    visit(expr, &mut |e| {
        found |= match &e.kind {
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => {
                program.op(*op).level >= Level::Action
            }
            ExprKind::Var { primed, .. } => *primed,
            ExprKind::Prime(_)
            | ExprKind::AngleAction(..)
            | ExprKind::BoxAction(..)
            | ExprKind::Builtin(Builtin::Unchanged, _) => true,
            _ => false,
        }
    });
    found
}

fn visit(expr: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(expr);
    each_child(expr, &mut |c| visit(c, f));
}

/// `program` with `mutation` applied (to a copy). `None` when the change cannot be made.
pub fn apply(program: &Program, mutation: &Mutation) -> Option<Program> {
    let mut copy = program.clone();
    let arith = |name| find_arith(program, name);
    let replacement: Box<dyn Fn(&Expr) -> Expr> = match mutation.change {
        Change::DropGuard => Box::new(|e: &Expr| literal(true, e.span)),
        Change::DropDisjunct => Box::new(|e: &Expr| literal(false, e.span)),
        Change::NegateGuard => Box::new(|e: &Expr| Expr {
            kind: ExprKind::Builtin(Builtin::Not, vec![e.clone()]),
            span: e.span,
        }),
        Change::FlipComparison { to, .. } => {
            let target = arith(to);
            Box::new(move |e: &Expr| {
                let kind = match (&e.kind, target) {
                    (ExprKind::Builtin(Builtin::Eq, a), _) => {
                        ExprKind::Builtin(Builtin::Neq, a.clone())
                    }
                    (ExprKind::Builtin(Builtin::Neq, a), _) => {
                        ExprKind::Builtin(Builtin::Eq, a.clone())
                    }
                    (ExprKind::Call(_, a), Some(op)) => ExprKind::Call(op, a.clone()),
                    (other, _) => other.clone(),
                };
                Expr { kind, span: e.span }
            })
        }
        Change::IncrementToDecrement => {
            let minus = arith("-")?;
            Box::new(move |e: &Expr| match &e.kind {
                ExprKind::Call(_, a) => Expr {
                    kind: ExprKind::Call(minus, a.clone()),
                    span: e.span,
                },
                _ => e.clone(),
            })
        }
        Change::IncrementToNothing => Box::new(|e: &Expr| match &e.kind {
            ExprKind::Call(op, a) if a.len() == 2 => Expr {
                kind: ExprKind::Call(*op, vec![a[0].clone(), literal_int(0, a[1].span)]),
                span: e.span,
            },
            _ => e.clone(),
        }),
    };
    let body = &mut copy.ops.get_mut(mutation.op.0 as usize)?.body;
    replace_at(body, mutation.node, &*replacement).then_some(copy)
}

fn literal(value: bool, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Bool(value),
        span,
    }
}

fn literal_int(value: i64, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(value),
        span,
    }
}

/// At most `max` of `sites`, evenly spread over the list (all of them when there are fewer).
pub fn spread<T: Clone>(sites: &[T], max: usize) -> Vec<T> {
    if sites.len() <= max {
        return sites.to_vec();
    }
    (0..max)
        .map(|i| sites[i * sites.len() / max].clone())
        .collect()
}
