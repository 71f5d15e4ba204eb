//! The census of a next-state relation's plans ([`Evaluator::plan_census`]): for each
//! action the splitter finds, whether its plan is whole (no [`Plan::Gen`], no compiled node
//! left to the interpreter; or none but calls of operators whose compiled bodies are
//! counted with it), and which plan variants and node kinds it uses, to size a
//! generator of native code (`docs/performance.md`, "A native back end"). With the
//! `census` feature, [`in_action`] and [`in_emit`] also run each action's leaf and its
//! successors' callback through a function of the action's own name, so that a profiler
//! (callgrind) tells the actions' instructions apart. A developer's tool: without the
//! feature nothing on the hot path reads it.

use std::fmt::Write;

use tlafid_sema::ir::{Binder, Expr};

use super::plan::Plan;
use super::tree::{NodeId, SplitNode};
use crate::compile::{Census, NodeBuilder, Tally};
use crate::evaluator::Evaluator;

/// What the census found for one plan.
#[derive(Default)]
struct PlanCensus {
    /// Plan variants by name.
    plans: Tally,
    nodes: Census,
}

impl PlanCensus {
    /// The verdict: whole (no [`Plan::Gen`], no node left to the interpreter), whole but
    /// for calls of operators whose bodies are compiled, or not whole.
    fn verdict(&self) -> &'static str {
        if self.plans.contains_key("Gen") {
            "not whole"
        } else if self.nodes.compiled_whole() {
            "planned whole"
        } else if self.nodes.compiled_but_calls() {
            "planned whole but for calls"
        } else {
            "not whole"
        }
    }

    fn count(&mut self, name: &str) {
        *self.plans.entry(name.to_string()).or_default() += 1;
    }

    fn binders(&mut self, nodes: &NodeBuilder<'_, '_>, binders: &[Binder]) {
        for domain in binders.iter().filter_map(|b| b.domain.as_ref()) {
            self.nodes.expr(nodes, domain);
        }
    }

    /// Counts `plan` and what it holds (the nodes of a conjunct's test, run only once every
    /// variable is assigned, are not counted: a guard's test is its plan's node).
    fn plan(&mut self, nodes: &NodeBuilder<'_, '_>, plan: &Plan<'_>) {
        match plan {
            Plan::Gen(e) => {
                self.count("Gen");
                self.nodes.generated(e);
            }
            Plan::And(items) => {
                self.count("And");
                for item in items {
                    self.plan(nodes, &item.plan);
                }
            }
            Plan::Or(items) => {
                self.count("Or");
                items.iter().for_each(|item| self.plan(nodes, item));
            }
            Plan::Exists {
                binders, one, body, ..
            } => {
                match one {
                    Some((_, domain, _)) => {
                        self.count("Exists");
                        self.nodes.node(nodes, domain);
                    }
                    None => {
                        self.count("Exists(bindings)");
                        self.binders(nodes, binders);
                    }
                }
                self.plan(nodes, body);
            }
            Plan::Forall { binders, body, .. } => {
                self.count("Forall");
                self.binders(nodes, binders);
                self.plan(nodes, &body.plan);
            }
            Plan::Implies(cond, then) => {
                self.count("Implies");
                self.nodes.node(nodes, cond);
                self.plan(nodes, then);
            }
            Plan::If(cond, then, otherwise) => {
                self.count("If");
                self.nodes.node(nodes, cond);
                self.plan(nodes, then);
                self.plan(nodes, otherwise);
            }
            Plan::Case { arms, other, .. } => {
                self.count("Case");
                for (guard, arm) in arms {
                    self.nodes.node(nodes, guard);
                    self.plan(nodes, arm);
                }
                if let Some(other) = other {
                    self.plan(nodes, other);
                }
            }
            Plan::Let { value, body, .. } => {
                self.count("Let");
                self.nodes.expr(nodes, value);
                self.plan(nodes, body);
            }
            Plan::Inline { args, body, .. } => {
                self.count("Inline");
                args.iter().for_each(|arg| self.nodes.expr(nodes, arg));
                self.plan(nodes, body);
            }
            Plan::Guard(node) => {
                self.count("Guard");
                self.nodes.node(nodes, node);
            }
            Plan::LocalGuard { test, .. } => {
                self.count("LocalGuard");
                self.nodes.node(nodes, test);
            }
            Plan::Eq { value, .. } => {
                self.count("Eq");
                self.nodes.node(nodes, value);
            }
            Plan::In { set, .. } => {
                self.count("In");
                self.nodes.node(nodes, set);
            }
            Plan::Unchanged(_) => self.count("Unchanged"),
            Plan::Counted(inner) => {
                self.count("Counted");
                self.plan(nodes, inner);
            }
        }
    }
}

fn tally(out: &mut String, tally: &Tally) {
    if tally.is_empty() {
        out.push_str(" -");
    }
    for (name, n) in tally {
        let _ = write!(out, " {name} {n},");
    }
    if out.ends_with(',') {
        out.pop();
    }
}

impl Evaluator<'_> {
    /// The census of the next-state relation's plans and of the compiled forms of
    /// `checks` (named invariants), as text: one block per action, in the splitter's order
    /// (the index of [`Evaluator::actions`]), then one per check. A developer's tool for
    /// sizing a native back end (`docs/performance.md`); its text is no interface.
    #[doc(hidden)]
    pub fn plan_census(&self, checks: &[(&str, &Expr)]) -> String {
        let nodes = NodeBuilder::new(self);
        let mut out = String::new();
        if let Some(root) = self.next.and_then(|next| self.split.root(next)) {
            let mut index = 0;
            self.census_node(root, &nodes, &mut index, &mut out);
        }
        for (name, expr) in checks {
            let mut census = PlanCensus::default();
            census.nodes.expr(&nodes, expr);
            let verdict = if census.nodes.compiled_whole() {
                "compiled whole"
            } else if census.nodes.compiled_but_calls() {
                "compiled whole but for calls"
            } else {
                "not whole"
            };
            let _ = write!(out, "invariant {name}: {verdict}\n  nodes:");
            tally(&mut out, &census.nodes.nodes);
            out.push_str("\n  interpreted:");
            tally(&mut out, &census.nodes.interpreted);
            out.push('\n');
        }
        out
    }

    fn census_node(
        &self,
        id: NodeId,
        nodes: &NodeBuilder<'_, '_>,
        index: &mut usize,
        out: &mut String,
    ) {
        match self.split.node(id) {
            SplitNode::Or { items, .. } => {
                for &item in items.iter() {
                    self.census_node(item, nodes, index, out);
                }
            }
            SplitNode::Let { body, .. } | SplitNode::Call { body, .. } => {
                self.census_node(*body, nodes, index, out)
            }
            SplitNode::Exists { body, count, .. } => {
                let start = *index;
                self.census_node(*body, nodes, index, out);
                *index = start + count;
            }
            SplitNode::Leaf { plan, .. } => {
                let name = self
                    .actions
                    .get(*index)
                    .map_or("?", |action| action.name.as_str());
                let _ = write!(out, "action {index} {name}: ");
                *index += 1;
                let Some(plan) = plan.map(|id| self.plans.plan(id)) else {
                    out.push_str("not planned (the generator runs it)\n");
                    return;
                };
                let mut census = PlanCensus::default();
                census.plan(nodes, plan);
                out.push_str(census.verdict());
                out.push_str("\n  plan:");
                tally(out, &census.plans);
                out.push_str("\n  nodes:");
                tally(out, &census.nodes.nodes);
                out.push_str("\n  interpreted:");
                tally(out, &census.nodes.interpreted);
                out.push('\n');
            }
        }
    }
}

/// Runs `f`, an action's leaf of index `index`, through a function named after the index
/// (`a0` ... `a47`, `a_more` past them), so that a profile tells the actions apart.
#[cfg(feature = "census")]
pub(crate) fn in_action<R>(index: usize, f: impl FnOnce() -> R) -> R {
    counted::action(index, f)
}

/// Runs `f`, the successors' callback of the action of index `index`, through a function
/// named after the index (`e0` ... `e47`, `e_more`).
#[cfg(feature = "census")]
pub(crate) fn in_emit<R>(index: usize, f: impl FnOnce() -> R) -> R {
    counted::emit(index, f)
}

#[cfg(feature = "census")]
mod counted {
    macro_rules! named {
        ($dispatch:ident, $more:ident, $(($n:literal $name:ident))*) => {
            // Each reads its own index through `black_box`, so that no two bodies are the
            // same and the linker cannot fold them into one function.
            $(
                #[inline(never)]
                fn $name<R>(f: impl FnOnce() -> R) -> R {
                    std::hint::black_box($n);
                    std::hint::black_box(f())
                }
            )*
            #[inline(never)]
            fn $more<R>(f: impl FnOnce() -> R) -> R {
                std::hint::black_box(usize::MAX);
                std::hint::black_box(f())
            }
            pub(super) fn $dispatch<R>(index: usize, f: impl FnOnce() -> R) -> R {
                match index {
                    $($n => $name(f),)*
                    _ => $more(f),
                }
            }
        };
    }
    named!(action, a_more,
        (0 a0) (1 a1) (2 a2) (3 a3) (4 a4) (5 a5) (6 a6) (7 a7) (8 a8) (9 a9)
        (10 a10) (11 a11) (12 a12) (13 a13) (14 a14) (15 a15) (16 a16) (17 a17) (18 a18)
        (19 a19) (20 a20) (21 a21) (22 a22) (23 a23) (24 a24) (25 a25) (26 a26) (27 a27)
        (28 a28) (29 a29) (30 a30) (31 a31) (32 a32) (33 a33) (34 a34) (35 a35) (36 a36)
        (37 a37) (38 a38) (39 a39) (40 a40) (41 a41) (42 a42) (43 a43) (44 a44) (45 a45)
        (46 a46) (47 a47));
    named!(emit, e_more,
        (0 e0) (1 e1) (2 e2) (3 e3) (4 e4) (5 e5) (6 e6) (7 e7) (8 e8) (9 e9)
        (10 e10) (11 e11) (12 e12) (13 e13) (14 e14) (15 e15) (16 e16) (17 e17) (18 e18)
        (19 e19) (20 e20) (21 e21) (22 e22) (23 e23) (24 e24) (25 e25) (26 e26) (27 e27)
        (28 e28) (29 e29) (30 e30) (31 e31) (32 e32) (33 e33) (34 e34) (35 e35) (36 e36)
        (37 e37) (38 e38) (39 e39) (40 e40) (41 e41) (42 e42) (43 e43) (44 e44) (45 e45)
        (46 e46) (47 e47));
}
