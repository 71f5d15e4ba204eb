//! The splitter's walk of the next-state relation (`split.rs`), built once per evaluator: the
//! `\/`, `LET`, `\E` and inlined calls it goes through down to each action, with what it
//! would look up by address at each (a disjunction's dispatch or shared guards, a `\E`'s
//! action count and hoisted guards, a call's guard tested ahead, an action's plans) resolved
//! ahead, so that the walk at each state follows indices and looks nothing up by hashing.

use std::collections::HashMap;

use tlafid_base::Span;
use tlafid_sema::ir::{Binder, Expr, ExprKind, OpDef, OpId, Slot};

use super::plan::{GuardedId, PlanId};
use super::{Disjunction, MAX_SPLIT_DEPTH};
use crate::evaluator::Evaluator;

/// A node of the [`SplitTree`], by its index.
pub(crate) type NodeId = u32;

/// The splitter's walk from the next-state relation's body down to its actions. A node is
/// an expression walked at one depth (the depth decides where [`MAX_SPLIT_DEPTH`] makes an
/// expression an action); an expression met again at the same depth is the same node.
#[derive(Default)]
pub(crate) struct SplitTree<'p> {
    nodes: Vec<SplitNode<'p>>,
    /// The next-state relation and its body's node.
    root: Option<(OpId, NodeId)>,
}

/// What the splitter does at one node.
pub(crate) enum SplitNode<'p> {
    /// `A \/ B \/ ...`: each item in turn, unless the disjunction is one the splitter
    /// treats apart (`dispatch.rs`, `shared.rs`).
    Or {
        items: Box<[NodeId]>,
        /// Its [`Disjunction`] and the nodes of that disjunction's arms, in the arms' order.
        special: Option<(usize, Box<[NodeId]>)>,
        span: Span,
    },
    /// `LET x == value IN body`.
    Let {
        slot: Slot,
        value: &'p Expr,
        body: NodeId,
    },
    /// `\E binders : body`: the body's `count` actions once per binding; none walked when
    /// every one of the hoisted `guards` is false (`hoist.rs`).
    Exists {
        binders: &'p [Binder],
        body: NodeId,
        count: usize,
        guards: Option<Box<[&'p Expr]>>,
    },
    /// An inlined call of `op` (defined as `def`), whose guard may be tested ahead.
    Call {
        op: OpId,
        args: &'p [Expr],
        def: &'p OpDef,
        span: Span,
        guarded: Option<GuardedId>,
        body: NodeId,
    },
    /// An action: its plan, and its plan once its shared guard and key were tested ahead.
    Leaf {
        expr: &'p Expr,
        plan: Option<PlanId>,
        after_ahead: Option<PlanId>,
    },
}

impl<'p> SplitTree<'p> {
    /// The walk of `next`, with the evaluator's disjunctions, counts, guards and plans.
    pub(crate) fn new(ev: &Evaluator<'p>, next: OpId) -> SplitTree<'p> {
        let mut builder = TreeBuilder {
            ev,
            nodes: Vec::new(),
            seen: HashMap::with_hasher(ahash::RandomState::with_seeds(25, 26, 27, 28)),
        };
        let root = builder.node(&ev.program.op(next).body, 0);
        SplitTree {
            nodes: builder.nodes,
            root: Some((next, root)),
        }
    }

    /// The node of the body of `next`, when the tree was built for it.
    pub(crate) fn root(&self, next: OpId) -> Option<NodeId> {
        self.root
            .filter(|(op, _)| *op == next)
            .map(|(_, root)| root)
    }

    /// The node `id`.
    pub(crate) fn node(&self, id: NodeId) -> &SplitNode<'p> {
        &self.nodes[id as usize]
    }
}

struct TreeBuilder<'e, 'p> {
    ev: &'e Evaluator<'p>,
    nodes: Vec<SplitNode<'p>>,
    /// The node of each expression (by address) at each depth built so far.
    seen: HashMap<(usize, usize), NodeId, ahash::RandomState>,
}

impl<'p> TreeBuilder<'_, 'p> {
    /// The node of `expr` walked at `depth`: what `Ctx::split_walk` did there, decided in
    /// the same order.
    fn node(&mut self, expr: &'p Expr, depth: usize) -> NodeId {
        let key = (expr as *const Expr as usize, depth);
        if let Some(&id) = self.seen.get(&key) {
            return id;
        }
        let ev = self.ev;
        let node = match &expr.kind {
            _ if depth > MAX_SPLIT_DEPTH => self.leaf(expr),
            ExprKind::Junction { and: false, items } => {
                let items = items.iter().map(|i| self.node(i, depth + 1)).collect();
                let special = ev.disjunctions.index_of(expr).map(|at| {
                    let arms = match ev.disjunctions.get(at) {
                        Disjunction::Label(dispatch) => dispatch
                            .arms()
                            .iter()
                            .map(|arm| self.node(arm.item, depth + arm.depth))
                            .collect(),
                        Disjunction::Shared(shared) => shared
                            .arms
                            .iter()
                            .map(|&(item, offset)| self.node(item, depth + offset))
                            .collect(),
                    };
                    (at, arms)
                });
                SplitNode::Or {
                    items,
                    special,
                    span: expr.span,
                }
            }
            ExprKind::LetValue { slot, value, body } => SplitNode::Let {
                slot: *slot,
                value,
                body: self.node(body, depth + 1),
            },
            ExprKind::Quant {
                forall: false,
                binders,
                body,
            } => {
                let at = &**body as *const Expr as usize;
                SplitNode::Exists {
                    binders,
                    body: self.node(body, depth + 1),
                    count: ev.exists_counts.get(&at).copied().unwrap_or(1),
                    guards: ev.exists_guards.get(&at).map(|g| g.as_slice().into()),
                }
            }
            _ => match ev.inline_call(expr) {
                Some((op, args)) => {
                    let def: &'p OpDef = ev.program.op(op);
                    SplitNode::Call {
                        op,
                        args,
                        def,
                        span: expr.span,
                        guarded: ev.plans.guarded_call_id(expr),
                        body: self.node(&def.body, depth + 1),
                    }
                }
                None => self.leaf(expr),
            },
        };
        let id = NodeId::try_from(self.nodes.len()).expect("fewer split nodes than u32::MAX");
        self.nodes.push(node);
        self.seen.insert(key, id);
        id
    }

    fn leaf(&self, expr: &'p Expr) -> SplitNode<'p> {
        SplitNode::Leaf {
            expr,
            plan: self.ev.plans.plan_id(expr),
            after_ahead: self.ev.plans.after_ahead_id(expr),
        }
    }
}
