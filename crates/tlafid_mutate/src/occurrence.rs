//! The Boolean subformula occurrences of a property, with their polarity, found by unfolding
//! the definitions the property calls; and the strengthened copy of the property in which one
//! occurrence is replaced by its strongest value (FALSE where it occurs positively, TRUE where
//! negatively).
//!
//! An occurrence inside a called definition is reached through the call: the strengthened
//! copy gets a fresh copy of every definition on the way (with the same parameters and frame),
//! so the other calls of that definition keep their meaning and no slot is renumbered.

use std::collections::BTreeSet;

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpId, Program};
use tlafid_sema::walk::each_child;

use tlafid_sema::walk::each_child_mut;

/// The most occurrences considered per property (in source pre-order).
pub const MAX_OCCURRENCES: usize = 200;
/// How deep calls are unfolded.
const MAX_CALL_DEPTH: usize = 8;

/// Modules whose definitions are not unfolded (the built-in standard and community
/// modules, several of which run natively).
pub const LIBRARY_MODULES: &[&str] = &[
    "Naturals",
    "Integers",
    "Reals",
    "Sequences",
    "FiniteSets",
    "Bags",
    "TLC",
    "TLCExt",
    "Randomization",
    "TLAPS",
    "Apalache",
    "BagsExt",
    "Bitwise",
    "CSV",
    "Combinatorics",
    "DyadicRationals",
    "FiniteSetsExt",
    "Folds",
    "Functions",
    "Graphs",
    "IOUtils",
    "Json",
    "Relation",
    "SVG",
    "SequencesExt",
    "Statistics",
    "UndirectedGraphs",
    "VectorClocks",
];

/// One step of the way from a property to an occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The `n`th direct sub-expression (in `tlafid_sema::walk::each_child` order).
    Child(usize),
    /// Into the body of the operator the current `Call` names.
    Enter,
}

/// What an occurrence is to the formula around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An item of a conjunction.
    Conjunct,
    /// An item of a disjunction.
    Disjunct,
    /// `A` of `A => B`; `consequent` is `B`.
    Antecedent {
        /// `B`.
        consequent: Span,
    },
    /// `B` of `A => B`; `antecedent` is `A`.
    Consequent {
        /// `A`.
        antecedent: Span,
    },
    /// The operand of `~`.
    Negated,
    /// The body of a quantifier.
    QuantifierBody,
    /// A branch of `IF` or `CASE`.
    Branch,
}

/// A Boolean subformula occurrence.
#[derive(Clone, Debug)]
pub struct Occurrence {
    /// How to reach it from the property's formula.
    pub route: Vec<Step>,
    /// Where it is written.
    pub span: Span,
    /// Positive (replaced by FALSE) or negative (replaced by TRUE).
    pub positive: bool,
    /// What it is to its parent.
    pub role: Role,
    /// The enclosing occurrence, as an index into the same list.
    pub parent: Option<usize>,
}

/// What may not be unfolded: recursive, library, function and configuration-overridden
/// definitions.
pub struct Unfolding<'a> {
    /// The program.
    pub program: &'a Program,
    /// Names the configuration binds (`Op <- Other`, `Op = v`): their bodies do not run.
    pub overridden: BTreeSet<String>,
}

impl Unfolding<'_> {
    /// Can a call of `op` be unfolded?
    pub fn can_enter(&self, op: OpId) -> bool {
        let def = self.program.op(op);
        def.function.is_none()
            && !def.recursive
            && !LIBRARY_MODULES.contains(&def.module.as_str())
            && !self.overridden.contains(def.name.as_str())
            && def.name != "LAMBDA"
    }

    /// The occurrences of `formula`, in source pre-order (at most [`MAX_OCCURRENCES`]).
    pub fn occurrences(&self, formula: &Expr) -> Vec<Occurrence> {
        let mut out = Vec::new();
        self.descend(formula, &mut Vec::new(), true, None, 0, &mut out);
        out
    }

    fn visit(&self, expr: &Expr, at: &mut Vec<Step>, walk: Walk, out: &mut Vec<Occurrence>) {
        if out.len() >= MAX_OCCURRENCES {
            return;
        }
        out.push(Occurrence {
            route: at.clone(),
            span: expr.span,
            positive: walk.positive,
            role: walk.role,
            parent: walk.parent,
        });
        let me = Some(out.len() - 1);
        self.descend(expr, at, walk.positive, me, walk.depth, out);
    }

    fn descend(
        &self,
        expr: &Expr,
        at: &mut Vec<Step>,
        positive: bool,
        parent: Option<usize>,
        depth: usize,
        out: &mut Vec<Occurrence>,
    ) {
        let mut child = |index: usize, sub: &Expr, positive: bool, role: Role| {
            at.push(Step::Child(index));
            let walk = Walk {
                positive,
                role,
                parent,
                depth,
            };
            self.visit(sub, at, walk, out);
            at.pop();
        };
        match &expr.kind {
            ExprKind::Junction { and, items } => {
                let role = if *and { Role::Conjunct } else { Role::Disjunct };
                for (i, item) in items.iter().enumerate() {
                    child(i, item, positive, role);
                }
            }
            ExprKind::Builtin(Builtin::Not, args) if args.len() == 1 => {
                child(0, &args[0], !positive, Role::Negated)
            }
            ExprKind::Builtin(Builtin::Implies, args) if args.len() == 2 => {
                let (a, b) = (&args[0], &args[1]);
                child(0, a, !positive, Role::Antecedent { consequent: b.span });
                child(1, b, positive, Role::Consequent { antecedent: a.span });
            }
            ExprKind::Quant { binders, body, .. } => {
                let domains = binders.iter().filter(|b| b.domain.is_some()).count();
                child(domains, body, positive, Role::QuantifierBody)
            }
            ExprKind::If(_, then, otherwise) => {
                child(1, then, positive, Role::Branch);
                child(2, otherwise, positive, Role::Branch);
            }
            ExprKind::Case { arms, other } => {
                for (i, (_, value)) in arms.iter().enumerate() {
                    child(2 * i + 1, value, positive, Role::Branch);
                }
                if let Some(other) = other {
                    child(2 * arms.len(), other, positive, Role::Branch);
                }
            }
            ExprKind::LetValue { body, .. } => {
                at.push(Step::Child(1));
                self.descend(body, at, positive, parent, depth, out);
                at.pop();
            }
            ExprKind::Call(op, _) if depth < MAX_CALL_DEPTH && self.can_enter(*op) => {
                at.push(Step::Enter);
                let body = &self.program.op(*op).body;
                self.descend(body, at, positive, parent, depth + 1, out);
                at.pop();
            }
            _ => {}
        }
    }
}

#[derive(Clone, Copy)]
struct Walk {
    positive: bool,
    role: Role,
    parent: Option<usize>,
    depth: usize,
}

/// A copy of `formula` (an expression of `source`) with the occurrence at `route` replaced by
/// `value`; definitions copied on the way are appended to `target` (a clone of `source`, so
/// operator ids agree).
pub fn strengthen(
    source: &Program,
    target: &mut Program,
    formula: &Expr,
    route: &[Step],
    value: bool,
) -> Expr {
    match route.split_first() {
        None => Expr {
            kind: ExprKind::Bool(value),
            span: formula.span,
        },
        Some((Step::Child(index), rest)) => {
            let mut children = Vec::new();
            each_child(formula, &mut |c| children.push(c));
            let Some(sub) = children.get(*index) else {
                return formula.clone();
            };
            let replacement = strengthen(source, target, sub, rest, value);
            let mut copy = formula.clone();
            let mut position = 0;
            let mut slot = Some(replacement);
            each_child_mut(&mut copy, &mut |c| {
                if position == *index {
                    if let Some(r) = slot.take() {
                        *c = r;
                    }
                }
                position += 1;
            });
            copy
        }
        Some((Step::Enter, rest)) => {
            let ExprKind::Call(op, args) = &formula.kind else {
                return formula.clone();
            };
            let mut def = source.op(*op).clone();
            def.body = strengthen(source, target, &source.op(*op).body, rest, value);
            target.ops.push(def);
            Expr {
                kind: ExprKind::Call(OpId(target.ops.len() as u32 - 1), args.clone()),
                span: formula.span,
            }
        }
    }
}
